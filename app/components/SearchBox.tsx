import { Form, Link, useFetcher, useNavigate } from "react-router";
import { useEffect, useId, useRef, useState } from "react";
import type { Lang } from "../../commerce/contract/common";
import type { Suggestions } from "../../commerce/contract/search";
import { localePath, searchPath } from "../lib/paths";
import { useMessages } from "./useMessages";

/**
 * The header search: a GET form to /search (or /fr/recherche) that works without JavaScript.
 * With JavaScript it becomes a combobox offering word completions and products as you type.
 */
export function SearchBox({ lang }: { lang: Lang }) {
  const t = useMessages();
  const action = searchPath(lang);
  const fetcher = useFetcher<Suggestions>();
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const data = fetcher.data;
  const options = [
    ...(data?.suggestions ?? []).map((s) => ({ key: `s-${s.value}`, label: s.value, href: `${action}?q=${encodeURIComponent(s.value)}` })),
    ...(data?.products ?? []).map((p) => ({ key: `p-${p.code}`, label: p.name, href: localePath(lang, p.url) })),
  ];
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form method="get" action={action} role="search" className="site-search" onSubmit={() => setOpen(false)}>
      <label htmlFor="site-search-q" className="visually-hidden">
        {t.searchLabel}
      </label>
      <div className="site-search__field">
        <input
          id="site-search-q"
          name="q"
          type="search"
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            const q = e.currentTarget.value;
            clearTimeout(timer.current);
            setActive(-1);
            if (q.trim().length < 2) return setOpen(false);
            timer.current = setTimeout(() => {
              fetcher.load(`/api/suggestions?q=${encodeURIComponent(q)}&lang=${lang}`);
              setOpen(true);
            }, 150);
          }}
          onKeyDown={(e) => {
            if (!open || options.length === 0) return;
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => (e.key === "ArrowDown" ? (i + 1) % options.length : (i - 1 + options.length) % options.length));
            } else if (e.key === "Enter" && active >= 0) {
              e.preventDefault();
              setOpen(false);
              navigate(options[active]!.href);
            } else if (e.key === "Escape") {
              setOpen(false);
            }
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {open && options.length > 0 ? (
          <ul id={listId} role="listbox" className="suggestions" aria-label={t.suggestions}>
            {options.map((o, i) => (
              <li key={o.key} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
                <Link to={o.href} onClick={() => setOpen(false)}>
                  {o.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <button type="submit" className="button">
        {t.searchButton}
      </button>
    </Form>
  );
}
