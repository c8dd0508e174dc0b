import type { Lang } from "../../commerce/contract/common";
import { useLinkDelegation } from "../lib/link-delegation";
import { localePath } from "../lib/paths";
import { useMessages } from "./useMessages";

/** The trail from the home page to this one, on category and product pages. */
export function Breadcrumbs({ trail, lang }: { trail: { name: string; url?: string }[]; lang: Lang }) {
  const t = useMessages();
  const links = useLinkDelegation();
  return (
    <nav aria-label={t.breadcrumb} className="breadcrumbs" {...links.containerProps}>
      <ol>
        <li>
          <a href={localePath(lang, "/")} data-discover="true">
            {t.home}
          </a>
        </li>
        {trail.map((c, i) => (
          <li key={`${c.name}-${i}`}>
            {c.url && i < trail.length - 1 ? (
              <a href={localePath(lang, c.url)} data-discover="true">
                {c.name}
              </a>
            ) : (
              <span aria-current="page">{c.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
