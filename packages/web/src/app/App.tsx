import { useMemo } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App() {
  const { i18n } = useTranslation();
  const antdLocale = useMemo(() => (i18n.language === 'zh_CN' ? zhCN : enUS), [i18n.language]);
  return (
    <ConfigProvider locale={antdLocale} componentSize="middle" theme={{ token: { colorPrimary: '#2F54EB' } }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
