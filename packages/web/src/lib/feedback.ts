import { Modal, message as staticMessage, type ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import i18n from './i18n';
import { TOAST_SECONDS } from './config';

// Only one message toast at a time (spec section 8).
staticMessage.config({ maxCount: 1, duration: TOAST_SECONDS });

/** antd's context-aware instances (themed) once the app has mounted; static ones before that. */
let message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'destroy'> = staticMessage;
type Dialogs = { warning: (p: ModalFuncProps) => unknown; confirm: (p: ModalFuncProps) => unknown };
let modal: Dialogs = Modal;

export function bindFeedback(m: MessageInstance, md: ModalHookAPI): void {
  message = m;
  modal = md;
}

export function toastError(text?: string): void {
  message.destroy();
  void message.error({
    content: text || i18n.t('common.error'),
    duration: TOAST_SECONDS,
    className: 'herald-toast-error',
  });
}

export function toastSuccess(text?: string): void {
  message.destroy();
  void message.success({
    content: text || i18n.t('common.success'),
    duration: TOAST_SECONDS,
    className: 'herald-toast-success',
  });
}

export function toastWarning(text: string): void {
  message.destroy();
  void message.warning({ content: text, duration: TOAST_SECONDS, className: 'herald-toast-warning' });
}

let timeoutDialogOpen = false;

/** 'Login timeout, please log in again' with a re-login button (spec section 8, code 40001). */
export function showLoginTimeout(onRelogin: () => void): void {
  if (timeoutDialogOpen) return;
  timeoutDialogOpen = true;
  modal.warning({
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

/** A themed confirmation dialog (before destructive actions, external links). */
export function confirmDialog(props: ModalFuncProps): void {
  void modal.confirm(props);
}
