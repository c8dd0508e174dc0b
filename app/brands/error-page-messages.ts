import type { Messages } from "./messages";

/** The phrases of the root's error page and the page around it when the root loader had no data to give. */
export type ErrorPageMessages = Pick<
  Messages,
  "skipToContent" | "errorHeadline" | "errorMessage" | "errorHome" | "errorShop" | "colon" | "coffeeBreakTitle" | "coffeeBreakMessage"
>;

/**
 * Those phrases in US English, for an error page without the root loader's data (it failed, or an
 * action's error skipped it): the store and language are then unknown, and the page is written as
 * the US store writes. The only phrases every page's scripts carry; a unit test keeps them equal
 * to the US English dictionary's.
 */
export const ERROR_PAGE_FALLBACK: ErrorPageMessages = {
  skipToContent: "Skip to main content",
  errorHeadline: "SORRY, SOMETHING WENT WRONG!",
  errorMessage: "Looks like we brewed decaf by mistake. The page you wanted isn't here right now.",
  errorHome: "Go to the home page",
  errorShop: "Or shop",
  colon: ":",
  coffeeBreakTitle: "This page is taking coffee break!",
  coffeeBreakMessage: "Something went wrong on our side. Please try again in a few minutes.",
};
