import { Modal, message } from 'antd';
import i18n from './i18n';
import { TOAST_SECONDS } from './config';

// Only one message toast at a time (spec section 8).
message.config({ maxCount: 1, duration: TOAST_SECONDS });

export function toastError(text?: string): void {
  message.destroy();
  void message.error({ content: text || i18n.t('common.error'), duration: TOAST_SECONDS, className: 'herald-toast-error' });
}

export function toastSuccess(text?: string): void {
  message.destroy();
  void message.success({ content: text || i18n.t('common.success'), duration: TOAST_SECONDS, className: 'herald-toast-success' });
}

let timeoutDialogOpen = false;

/** 'Login timeout, please log in again' with a re-login button (spec section 8, code 40001). */
export function showLoginTimeout(onRelogin: () => void): void {
  if (timeoutDialogOpen) return;
  timeoutDialogOpen = true;
  Modal.warning({
    title: i18n.t('common.tip'),
    content: i18n.t('error.loginTimeout'),
    okText: i18n.t('common.relogin'),
    okButtonProps: { 'data-testid': 'relogin' } as never,
    centered: true,
    closable: false,
    keyboard: false,
    onOk: () => {
      timeoutDialogOpen = false;
      onRelogin();
    },
  });
}
