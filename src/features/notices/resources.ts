/** The bell's unread count (GET /Notice/unread/), a document of the resources store. */
export const UNREAD_RESOURCE = 'noticeUnread';
/** The inbox's list state (/personal/message): published notices, apart from the notice admin's table. */
export const INBOX_RESOURCE = 'notice@inbox';
