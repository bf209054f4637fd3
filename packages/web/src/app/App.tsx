import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { ProConfigProvider, enUSIntl, zhCNIntl } from '@ant-design/pro-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bindFeedback } from '../lib/feedback';
import { useReducedMotion } from '../lib/reduced-motion';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Hands antd's themed message/modal instances to the code outside components (HTTP client). */
function FeedbackBinder() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindFeedback(message, modal), [message, modal]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  const antdLocale = useMemo(() => (i18n.language === 'zh_CN' ? zhCN : enUS), [i18n.language]);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => ({ token: { colorPrimary: '#2F54EB', motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={antdLocale} componentSize="middle" theme={theme}>
      <AntApp message={{ maxCount: 1, duration: 2 }}>
        <FeedbackBinder />
        <ProConfigProvider intl={i18n.language === 'zh_CN' ? zhCNIntl : enUSIntl}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ProConfigProvider>
      </AntApp>
    </ConfigProvider>
  );
}
