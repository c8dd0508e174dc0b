import type { BrandId, Lang } from "../contract/common";
import { type Locale, localeOf } from "./messages";

/**
 * Auto-delivery's mails, per language (US English, Canadian English, Canadian French). Kept beside
 * the shop's other messages (messages.ts) in a module of their own, so the subscription machinery
 * can grow its phrases without touching every other mail.
 */
export interface AutoDeliveryMessages {
  /** An order the runner placed; `summary` is its lines and total, already laid out. */
  orderPlaced: (o: { code: string; firstName: string; summary: string; url: string; nextDate: string }, store: string) => Mail;
  /** The card was declined; `retryDate` null: no more tries, the subscription is paused. */
  paymentDeclined: (p: { firstName: string; subscription: string; retryDate: string | null; url: string }, store: string) => Mail;
  /** A few days before a delivery. */
  reminder: (r: { firstName: string; subscription: string; date: string; items: string; url: string }, store: string) => Mail;
  /** Every item was out of stock on the day: nothing was ordered or charged this time. */
  deliveryMissed: (d: { firstName: string; subscription: string; nextDate: string; url: string }, store: string) => Mail;
  /** Shown in the order's summary for an item left out. */
  leftOut: (name: string) => string;
  replaced: (name: string, by: string) => string;
  total: string;
}

type Mail = { subject: string; text: string };

const enUS: AutoDeliveryMessages = {
  orderPlaced: (o, store) => ({
    subject: `Your ${store} auto-delivery order ${o.code}`,
    text: `Hello ${o.firstName},\n\nYour auto-delivery order is on its way to being packed.\n\nOrder number: ${o.code}\n\n${o.summary}\n\nYour next delivery is planned for ${o.nextDate}. Skip it, change it or pause your subscription here:\n${o.url}\n\n${store}`,
  }),
  paymentDeclined: (p, store) => ({
    subject: `${store}: we couldn't charge your card for auto-delivery ${p.subscription}`,
    text: p.retryDate
      ? `Hello ${p.firstName},\n\nYour card was declined for your auto-delivery ${p.subscription}. We will try again on ${p.retryDate}. To use another card, update your subscription here:\n${p.url}\n\n${store}`
      : `Hello ${p.firstName},\n\nYour card was declined again for your auto-delivery ${p.subscription}, so we have paused it. Update your card and resume your subscription here:\n${p.url}\n\n${store}`,
  }),
  reminder: (r, store) => ({
    subject: `Your ${store} auto-delivery ships on ${r.date}`,
    text: `Hello ${r.firstName},\n\nYour auto-delivery ${r.subscription} will be ordered on ${r.date}:\n\n${r.items}\n\nTo skip it or change it, visit:\n${r.url}\n\n${store}`,
  }),
  deliveryMissed: (d, store) => ({
    subject: `${store}: your auto-delivery ${d.subscription} was out of stock`,
    text: `Hello ${d.firstName},\n\nEverything in your auto-delivery ${d.subscription} was out of stock today, so nothing was ordered or charged. Your next delivery is planned for ${d.nextDate}. Change your items here:\n${d.url}\n\n${store}`,
  }),
  leftOut: (name) => `${name}: out of stock, left out this time`,
  replaced: (name, by) => `${name} was out of stock: ${by} instead`,
  total: "Total",
};

// Canadian English writes these mails the same way.
const enCA: AutoDeliveryMessages = { ...enUS };

const fr: AutoDeliveryMessages = {
  orderPlaced: (o, store) => ({
    subject: `Votre commande de livraison automatique ${store} ${o.code}`,
    text: `Bonjour ${o.firstName},\n\nVotre commande de livraison automatique est en préparation.\n\nNuméro de commande\u202f: ${o.code}\n\n${o.summary}\n\nVotre prochaine livraison est prévue le ${o.nextDate}. Pour la sauter, la modifier ou suspendre votre abonnement\u202f:\n${o.url}\n\n${store}`,
  }),
  paymentDeclined: (p, store) => ({
    subject: `${store}\u202f: votre carte a été refusée pour la livraison automatique ${p.subscription}`,
    text: p.retryDate
      ? `Bonjour ${p.firstName},\n\nVotre carte a été refusée pour votre livraison automatique ${p.subscription}. Nous essaierons de nouveau le ${p.retryDate}. Pour utiliser une autre carte, modifiez votre abonnement\u202f:\n${p.url}\n\n${store}`
      : `Bonjour ${p.firstName},\n\nVotre carte a de nouveau été refusée pour votre livraison automatique ${p.subscription}\u202f; nous l’avons donc suspendue. Mettez votre carte à jour et reprenez votre abonnement\u202f:\n${p.url}\n\n${store}`,
  }),
  reminder: (r, store) => ({
    subject: `Votre livraison automatique ${store} sera commandée le ${r.date}`,
    text: `Bonjour ${r.firstName},\n\nVotre livraison automatique ${r.subscription} sera commandée le ${r.date}\u202f:\n\n${r.items}\n\nPour la sauter ou la modifier\u202f:\n${r.url}\n\n${store}`,
  }),
  deliveryMissed: (d, store) => ({
    subject: `${store}\u202f: votre livraison automatique ${d.subscription} était en rupture de stock`,
    text: `Bonjour ${d.firstName},\n\nTous les articles de votre livraison automatique ${d.subscription} étaient en rupture de stock aujourd’hui\u202f: rien n’a été commandé ni facturé. Votre prochaine livraison est prévue le ${d.nextDate}. Modifiez vos articles ici\u202f:\n${d.url}\n\n${store}`,
  }),
  leftOut: (name) => `${name}\u202f: en rupture de stock, retiré cette fois-ci`,
  replaced: (name, by) => `${name} était en rupture de stock\u202f: ${by} à la place`,
  total: "Total",
};

const MESSAGES: Readonly<Record<Locale, AutoDeliveryMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

export function autoDeliveryMessagesFor(lang: Lang, site: BrandId): AutoDeliveryMessages {
  return MESSAGES[localeOf(lang, site)];
}

/** Where the storefront's account page manages subscriptions (the mails link to it). */
export const SUBSCRIPTIONS_PATH = "/account/subscriptions";
