import { createContext, type ReactElement, useContext } from "react";

/**
 * On the server, the HTML of `render(input)`, rendered once and reused for the same kind and
 * input; null in the browser, where the subtree is rendered (and hydrated) as usual. `render` must
 * draw on its input alone and use no hooks that read the page: it is rendered on its own, by a
 * renderer that does not see the page's contexts.
 */
export type MarkupCache = <Input>(kind: string, input: Input, render: (input: Input) => ReactElement) => string;

export const MarkupCacheContext = createContext<MarkupCache | null>(null);

/**
 * An element's contents as props to spread on it: on the server, when `reusable`, the cached HTML
 * of `render(input)`; otherwise `render(input)` as its children.
 */
export function useCachedContents<Input>(
  kind: string,
  input: Input,
  render: (input: Input) => ReactElement,
  reusable = true,
): { dangerouslySetInnerHTML: { __html: string } } | { children: ReactElement } {
  const markup = useContext(MarkupCacheContext);
  return markup && reusable ? { dangerouslySetInnerHTML: { __html: markup(kind, input, render) } } : { children: render(input) };
}
