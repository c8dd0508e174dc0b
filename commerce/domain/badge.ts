import type { Badge } from "../contract/product";

export const BADGE_SEPARATOR = "||";

/** Badge text is `text||foreground||background`; the separator can be configured. */
export function parseBadge(raw: string | null | undefined, separator = BADGE_SEPARATOR): Badge | undefined {
  if (!raw) return undefined;
  const [text, foreground, background] = raw.split(separator).map((s) => s.trim());
  if (!text) return undefined;
  const colour = (c: string | undefined, fallback: string) => (c && /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : fallback);
  return { text, foreground: colour(foreground, "#ffffff"), background: colour(background, "#1d1d1b") };
}
