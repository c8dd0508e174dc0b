import type { Lang } from "../../commerce/contract/common";
import { useMessages } from "./useMessages";

/** Sign-out is a POST (a link or a prefetch must never sign anyone out). */
export function SignOutButton({ lang }: { lang: Lang }) {
  const t = useMessages();
  return (
    <form method="post" action="/logout" className="inline-form">
      <input type="hidden" name="lang" value={lang} />
      <button type="submit" className="link-button">
        {t.signOut}
      </button>
    </form>
  );
}
