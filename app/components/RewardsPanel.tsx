import { Form, Link } from "react-router";
import { useEffect, useRef } from "react";
import type { AppliedReward } from "../../commerce/contract/cart-rewards";
import type { Reward, RewardChoices } from "../../commerce/contract/loyalty";
import type { BrandId, Lang } from "../../commerce/contract/common";
import { format } from "../brands/locale";
import type { CartPerksTexts } from "../lib/page-texts.server";
import { localePath } from "../lib/paths";

export interface RewardsPanelData {
  /** The panel's phrases in the page's language (see `cartPerksTexts`). */
  texts: CartPerksTexts;
  balance: number;
  pointsToSpend: number;
  rewards: Reward[];
  chooser: {
    reward: Reward;
    actionType: "apply" | "swap";
    appliedRewardId?: number;
    boxSize?: number;
    choices: RewardChoices;
  } | null;
}

/**
 * The cart's perks rewards: what is applied (remove, or change a free box's item), what can be
 * applied, and a free box's item chooser. Plain forms and links first: the chooser is a page of
 * the cart (its state in the URL); with JavaScript the same `<dialog>` opens as a modal.
 */
export function RewardsPanel({
  panel,
  cartGuid,
  applied,
  lang,
}: {
  panel: RewardsPanelData;
  cartGuid: string;
  applied: AppliedReward[];
  lang: Lang;
  brand: BrandId;
}) {
  const t = panel.texts;
  const cartPath = localePath(lang, "/cart");
  const chooserLink = (reward: string, extra: Record<string, string | number | undefined> = {}) => {
    const search = new URLSearchParams({ selectedItemForRewardModal: reward });
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) search.set(k, String(v));
    return `${cartPath}?${search.toString()}#reward-chooser`;
  };
  const appliedCodes = new Set(applied.map((a) => a.code));
  return (
    <section className="rewards-panel" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading">{t.panelHeading}</h2>
      <p>{format(t.panelBalance, { points: panel.balance, used: panel.pointsToSpend })}</p>
      {applied.length > 0 ? (
        <ul className="rewards-panel__applied">
          {applied.map((a) => (
            <li key={a.id}>
              <span className="badge">{t.applied}</span> <strong>{a.name}</strong>
              {a.item ? ` · ${a.item.name}${a.item.packLabel ? ` (${a.item.packLabel})` : ""}` : ""}
              {a.discount ? ` · −${a.discount.formattedValue}` : ""} · {format(t.rewardCost, { points: a.points })}
              <Form method="post" className="rewards-panel__inline">
                <input type="hidden" name="cartGuid" value={cartGuid} />
                <input type="hidden" name="appliedRewardId" value={a.id} />
                {a.kind === "freeBox" ? (
                  <Link to={chooserLink(a.code, { actionType: "swap", appliedRewardId: a.id })} className="link-button">
                    {t.swap}
                  </Link>
                ) : null}
                <button type="submit" name="intent" value="removeReward" className="link-button">
                  {t.remove}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="rewards-panel__offers">
        {panel.rewards
          .filter((r) => !appliedCodes.has(r.code))
          .map((r) => (
            <li key={r.code}>
              <strong>{r.name}</strong> · {format(t.rewardCost, { points: r.points })}
              <br />
              <span>{r.description}</span>{" "}
              {r.kind === "freeBox" ? (
                <Link to={chooserLink(r.code)} className="button button--secondary">
                  {t.chooseItem}
                </Link>
              ) : (
                <Form method="post" className="rewards-panel__inline">
                  <input type="hidden" name="cartGuid" value={cartGuid} />
                  <input type="hidden" name="rewardCode" value={r.code} />
                  <button type="submit" name="intent" value="applyReward" className="button button--secondary">
                    {t.apply}
                  </button>
                </Form>
              )}
              {r.affordable ? null : <span className="perks-rewards__short"> {t.notEnoughPoints}</span>}
            </li>
          ))}
      </ul>
      {panel.chooser ? <RewardChooser chooser={panel.chooser} cartGuid={cartGuid} cartPath={cartPath} t={t} chooserLink={chooserLink} /> : null}
    </section>
  );
}

function RewardChooser({
  chooser,
  cartGuid,
  cartPath,
  t,
  chooserLink,
}: {
  chooser: NonNullable<RewardsPanelData["chooser"]>;
  cartGuid: string;
  cartPath: string;
  t: CartPerksTexts;
  chooserLink: (reward: string, extra?: Record<string, string | number | undefined>) => string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Rendered open (a section of the page without JavaScript); with it, the same dialog becomes modal.
  useEffect(() => {
    const d = dialog.current;
    if (!d || typeof d.showModal !== "function" || d.matches(":modal")) return;
    d.close();
    d.showModal();
  }, [chooser.reward.code, chooser.choices.pagination.currentPage, chooser.boxSize]);
  const { reward, actionType, appliedRewardId, choices } = chooser;
  const keep = { actionType, appliedRewardId, boxSize: chooser.boxSize };
  const { currentPage, totalPages } = choices.pagination;
  return (
    <dialog open ref={dialog} id="reward-chooser" className="reward-chooser" aria-labelledby="reward-chooser-heading">
      <h3 id="reward-chooser-heading">{format(t.chooseFor, { reward: reward.name })}</h3>
      <nav className="reward-chooser__sizes" aria-label={t.boxSize}>
        <Link to={chooserLink(reward.code, { ...keep, boxSize: undefined })}>{t.allSizes}</Link>
        {(reward.boxSizes ?? []).map((size) => (
          <Link key={size} to={chooserLink(reward.code, { ...keep, boxSize: size })} aria-current={chooser.boxSize === size ? "true" : undefined}>
            {size}
          </Link>
        ))}
      </nav>
      <ul className="reward-chooser__choices">
        {choices.choices.map((c) => (
          <li key={c.productCode}>
            <Form method="post" action={cartPath}>
              <input type="hidden" name="cartGuid" value={cartGuid} />
              <input type="hidden" name="rewardCode" value={reward.code} />
              <input type="hidden" name="productCode" value={c.productCode} />
              {actionType === "swap" && appliedRewardId ? <input type="hidden" name="appliedRewardId" value={appliedRewardId} /> : null}
              <span>
                {c.name} · {c.packLabel}
              </span>{" "}
              <button type="submit" name="intent" value={actionType === "swap" ? "swapReward" : "applyReward"} className="button button--secondary">
                {t.choose}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <nav className="pager" aria-label={t.chooseItem}>
        {currentPage > 0 ? <Link to={chooserLink(reward.code, { ...keep, choicesPage: currentPage - 1 })}>{t.earlierChoices}</Link> : null}
        {currentPage + 1 < totalPages ? <Link to={chooserLink(reward.code, { ...keep, choicesPage: currentPage + 1 })}>{t.moreChoices}</Link> : null}
      </nav>
      <Link to={cartPath} className="link-button">
        {t.cancel}
      </Link>
    </dialog>
  );
}
