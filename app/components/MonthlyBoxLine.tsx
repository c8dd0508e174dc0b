import type { CartMonthlyBox } from "../../commerce/contract/monthly-box";
import type { Lang } from "../../commerce/contract/common";
import { format } from "../brands/locale";
import type { BoxLineTexts } from "../brands/monthly-box-messages";
import { localePath } from "../lib/paths";

/** The address of the box's page with this box's month and picks, to change them before checkout. */
export function boxPageAddress(box: CartMonthlyBox, lang: Lang): string {
  const query = new URLSearchParams({ month: box.month });
  for (const p of box.picks) query.append("pick", `${p.code}:${p.quantity}`);
  return `${localePath(lang, "/monthly-box")}?${query}`;
}

/** A monthly box as one line of an order: what it is, its picks under it, delivery included (decision 068). */
export function MonthlyBoxLine({ box, t, lang, change }: { box: CartMonthlyBox; t: BoxLineTexts; lang: Lang; change?: boolean }) {
  return (
    <div className="cart-box" data-testid="cart-monthly-box">
      <span className="cart-line__name">{box.name}</span>
      <span className="cart-box__message">{box.message}</span>
      <span className="badge">{t.deliveryIncluded}</span>
      <p className="cart-box__heading">{t.boxPicksHeading}</p>
      <ul className="cart-box__picks">
        {box.picks.map((p) => (
          <li key={p.code}>{format(t.pickLine, { name: p.name, quantity: p.quantity })}</li>
        ))}
      </ul>
      {change ? (
        <>
          <p className="cart-box__note">{t.noCommitment}</p>
          <a href={boxPageAddress(box, lang)}>{t.changeBox}</a>
        </>
      ) : null}
    </div>
  );
}
