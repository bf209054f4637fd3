import { confirmDialog } from './feedback';
import type { ReactNode } from 'react';
import i18n from './i18n';

/** Every external link first shows a warning (spec section 1: external-link warning). */
export function openExternal(url: string): void {
  confirmDialog({
    title: i18n.t('externalLink.title'),
    content: (
      <div data-testid="external-link-warning">
        <p>{i18n.t('externalLink.content')}</p>
        <p style={{ wordBreak: 'break-all' }}>{url}</p>
      </div>
    ),
    okText: i18n.t('externalLink.continue'),
    cancelText: i18n.t('common.cancel'),
    onOk: () => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
  });
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        openExternal(href);
      }}
    >
      {children}
    </a>
  );
}
