import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import type { Lang } from "../../commerce/contract/common";
import { quickShopMessages } from "../brands/quick-shop-messages";
import type { ShopData } from "../lib/shop";
import { useHydrated } from "../lib/use-hydrated";

// Loaded on the first click only: listing pages carry none of the dialog's code until then.
const QuickShopDialog = lazy(() => import("./QuickShopDialog"));

/** With JavaScript, a tile's "Quick shop" button opens a dialog to pick a size or colour and a quantity. */
export function QuickShopButton({ productCode, name, lang }: { productCode: string; name: string; lang: Lang }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRouteLoaderData("root") as ShopData | undefined;
  if (!hydrated) return null;
  const t = quickShopMessages(lang, root?.brand.id);
  return (
    <>
      <button ref={button} type="button" className="link-button product-card__quick" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t.quickShop}
        <span className="visually-hidden">: {name}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <QuickShopDialog
            productCode={productCode}
            name={name}
            lang={lang}
            t={t}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
