export type {
  AccountNoticeConfig,
  AlertKind,
  InAppMessage,
  MessageCategory,
  NoticeMsgConfig,
  NoticeReceivers,
  UnreadStat,
} from '@herald/contract';
