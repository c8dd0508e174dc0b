import type { BrandId, Lang } from "../contract/common";
import type { MailMessage } from "../mail";

const STORE: Record<BrandId, { name: string; host: string }> = {
  usb2c: { name: "Brewfront", host: "www.brewfront.com" },
  cab2c: { name: "Brewfront Canada", host: "www.brewfront.ca" },
  usafh: { name: "Brewfront Commercial", host: "commercial.brewfront.com" },
};

/** Stock came back when it went from none to some. */
export function isRestock(before: number, after: number): boolean {
  return before === 0 && after > 0;
}

export function backInStockMail(email: string, site: BrandId, lang: Lang, productName: string, productPath: string): MailMessage {
  const store = STORE[site];
  const url = `https://${store.host}${lang === "fr" ? "/fr" : ""}${productPath}`;
  return lang === "fr"
    ? { to: email, subject: `De retour en stock : ${productName}`, text: `Bonne nouvelle! ${productName} est de nouveau en stock.\n\n${url}\n\n${store.name}` }
    : { to: email, subject: `Back in stock: ${productName}`, text: `Good news! ${productName} is back in stock.\n\n${url}\n\n${store.name}` };
}
