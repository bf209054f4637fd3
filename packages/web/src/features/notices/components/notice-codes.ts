import { NoticeStatus } from '@herald/contract';

/** Screen paths (contract routes: notice, notice.add/edit/detail; child pages take `?id=`). */
export const NOTICE_LIST = '/notice/list';
export const noticeAdd = () => `${NOTICE_LIST}/add`;
export const noticeEdit = (id: number) => `${NOTICE_LIST}/edit?id=${id}`;
export const noticeDetail = (id: number) => `${NOTICE_LIST}/detail?id=${id}`;
/** The notice menu's permission; its buttons are `${P}.<action>`. */
export const P = 'herald.op.notice';

/** Only a draft is edited, deleted or published: a published notice is what was sent. */
export const isDraft = (n: { status: number }) => n.status === NoticeStatus.DRAFT;
