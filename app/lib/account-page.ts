import type { MetaFunction } from "react-router";
import { type AccountMessages, accountMessages } from "../brands/account-messages";
import { shopMeta, useShop } from "./shop";

/** An account page's meta: its title in the page's language, kept out of search engines. */
export function accountMeta(title: keyof AccountMessages): MetaFunction {
  return ({ matches }) => {
    const { lang, brand } = shopMeta(matches);
    return [{ title: accountMessages(lang, brand?.id)[title] }, { name: "robots", content: "noindex" }];
  };
}

/** The account pages' phrases for the page being rendered, with its language. */
export function useAccountText() {
  const { lang, brand } = useShop();
  return { lang, brand, t: accountMessages(lang, brand.id) };
}
