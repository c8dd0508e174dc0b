/** A site notice a customer dismissed (decision 075): the key names the notice's cause. */
export interface SiteNoticeDismissalTable {
  customer_id: string;
  site: string;
  notice_key: string;
  dismissed_at: string;
}

export interface SiteNoticeTables {
  site_notice_dismissal: SiteNoticeDismissalTable;
}
