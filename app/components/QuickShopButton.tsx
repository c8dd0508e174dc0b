import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Lang } from "../../commerce/contract/common";
import { useMessages } from "./useMessages";

// Loaded on the first click only: listing pages carry none of the dialog's code until then.
const QuickShopDialog = lazy(() => import("./QuickShopDialog"));

/** A tile's "Quick shop" button opens a dialog to pick a size or colour and a quantity; the grid shows it only once JavaScript runs. */
export function QuickShopButton({ productCode, name, lang }: { productCode: string; name: string; lang: Lang }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus goes back to the button once the dialog is gone (while it is open the page behind is inert).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const t = useMessages();
  return (
    <>
      <button ref={button} type="button" className="link-button product-card__quick" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t.quickShop}
        <span className="visually-hidden">: {name}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <QuickShopDialog productCode={productCode} name={name} lang={lang} t={t} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
