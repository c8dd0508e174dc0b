import type { BrandId, Lang } from "../contract/common";
import type { MailMessage } from "../mail";
import { SITE_STORE } from "./sites";

export function newsletterWelcome(email: string, site: BrandId, lang: Lang): MailMessage {
  const store = SITE_STORE[site].name;
  return lang === "fr"
    ? { to: email, subject: `Bienvenue dans l’infolettre ${store}`, text: `Merci de votre inscription. Vous recevrez nos offres et nouveautés une fois par semaine.\n\n${store}` }
    : { to: email, subject: `Welcome to the ${store} newsletter`, text: `Thanks for signing up. You will hear about offers and new roasts once a week.\n\n${store}` };
}
