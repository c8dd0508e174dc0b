import { useFetcher, useLocation } from "react-router";
import type { NoticeArea, NoticeView } from "../lib/site-notices.server";

/** The path the dismiss form posts to (app/routes/notices.dismiss.tsx). */
const DISMISS_PATH = "/notices/dismiss";

/**
 * A signed-in customer's notices (decision 075): in the header's notice area, and listed on the
 * account page. Each is dismissed by a plain form that comes back to this page; with JavaScript the
 * form posts in place and the notice goes at once.
 */
export function SiteNotices({ area, placement }: { area: NoticeArea; placement: "header" | "account" }) {
  const { pathname, search } = useLocation();
  if (placement === "header" && area.items.length === 0) return null;
  const returnTo = `${pathname}${search}`;
  return placement === "header" ? (
    <section className="site-notices" aria-label={area.label}>
      <ul className="site-notices__list">
        {area.items.map((n) => (
          <NoticeItem key={n.key} notice={n} area={area} returnTo={returnTo} />
        ))}
      </ul>
    </section>
  ) : (
    <section className="account-notices" aria-labelledby="account-notices-heading" id="notices">
      <h2 id="account-notices-heading">{area.accountHeading}</h2>
      {area.items.length === 0 ? (
        <p>{area.none}</p>
      ) : (
        <ul className="site-notices__list">
          {area.items.map((n) => (
            <NoticeItem key={n.key} notice={n} area={area} returnTo={returnTo} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NoticeItem({ notice, area, returnTo }: { notice: NoticeView; area: NoticeArea; returnTo: string }) {
  const fetcher = useFetcher();
  // Gone as soon as it is sent; the root data without it follows.
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <li className="site-notice">
      <p className="site-notice__text">
        {notice.text} <a href={notice.link.url}>{notice.link.label}</a>
      </p>
      <fetcher.Form method="post" action={DISMISS_PATH} className="site-notice__dismiss">
        <input type="hidden" name="key" value={notice.key} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" aria-label={area.dismissLabel}>
          {area.dismiss}
        </button>
      </fetcher.Form>
    </li>
  );
}
