import { expect, test } from "@playwright/test";
import { addDays } from "../../commerce/domain/clock";
import { subscribeThroughCheckout } from "../support/subscriptions";
import { accessibilityViolations } from "./support/axe";
import { newShopper, openAccount, signIn } from "./support/shoppers";
import { E2E_ADMIN_KEY } from "./support/store-clock";

const port = Number(process.env.E2E_PORT ?? 3100);
const origin = `http://localhost:${port}`;
const COFFEE = "5001-SMRG-KC-24";

test.describe.configure({ timeout: 120_000 });

const STORES = [
  {
    site: "usb2c" as const,
    base: origin,
    home: "/",
    account: "/account",
    address: undefined,
    w: {
      area: "Notices for you",
      dismiss: "Dismiss this notice",
      expires: /card ending in 4242 expires at the end of/,
      none: "You have no notices.",
      update: "Update card",
    },
  },
  {
    site: "cab2c" as const,
    base: `http://www.brewfront.ca.localhost:${port}`,
    home: "/fr/",
    account: "/fr/account",
    address: {
      firstName: "Ada",
      lastName: "Lovelace",
      line1: "100 rue Sainte-Catherine",
      town: "Montréal",
      region: "QC",
      postalCode: "H2X 1Y4",
      country: "CA",
    },
    w: {
      area: "Avis pour vous",
      dismiss: "Masquer cet avis",
      expires: /carte VISA se terminant par 4242 expire à la fin de/,
      none: "Vous n’avez aucun avis.",
      update: "Mettre à jour la carte",
    },
  },
];

/** The store's day (its clock may run ahead of the system's: other specs move it). */
async function storeToday(): Promise<string> {
  const res = await fetch(`${origin}/rest/v2/usb2c/operator/clock`, { headers: { "X-Admin-Key": E2E_ADMIN_KEY } });
  return ((await res.json()) as { today: string }).today;
}

/**
 * Site notifications (decision 075): a member whose auto-delivery keeps a card that expires within
 * 60 days sees it in the header's notice area and on the account page, dismisses it, and it stays
 * dismissed, with JavaScript and without, on the US store and the Canadian store in French.
 */
for (const store of STORES) {
  test.describe(`site notices, ${store.site} ${store.home}`, () => {
    test("a member with an expiring saved card sees the notice in the header and the account, and dismisses it for good", async ({ page }, testInfo) => {
      const person = newShopper(testInfo, {
        label: "notices",
        firstName: "Noor",
        lastName: "Haddad",
        password: "Notices-e2e-password-1",
        streetWord: "Notice",
      });
      const token = await openAccount(person, store.site);
      // A card that ends next month on the store's clock: within 60 days of its last day, never past it.
      const soon = new Date(`${addDays(await storeToday(), 30)}T00:00:00Z`);
      await subscribeThroughCheckout(origin, token, {
        productCode: COFFEE,
        frequencyWeeks: 4,
        site: store.site,
        card: { expiryMonth: soon.getUTCMonth() + 1, expiryYear: soon.getUTCFullYear() },
        ...(store.address ? { address: store.address } : {}),
      });

      await signIn(page, person, store.base, store.home);
      const header = page.getByRole("region", { name: store.w.area });
      await expect(header).toContainText(store.w.expires);
      await expect(header.getByRole("link", { name: store.w.update })).toHaveAttribute("href", `${store.home.replace(/\/$/, "")}/account/auto-delivery`);

      await page.goto(`${store.base}${store.account}`);
      const account = page.locator("#notices");
      await expect(account).toContainText(store.w.expires);
      if (testInfo.project.name === "js") {
        const { violations } = await accessibilityViolations(page, ".site-notices, #notices");
        expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      }

      await header.getByRole("button", { name: store.w.dismiss }).click();
      await expect(page.getByText(store.w.expires)).toHaveCount(0);
      await expect(page).toHaveURL(`${store.base}${store.account}`);
      await page.reload();
      await expect(account).toContainText(store.w.none);
      await expect(page.getByRole("region", { name: store.w.area })).toHaveCount(0);
      await page.goto(`${store.base}${store.home}`);
      await expect(page.getByText(store.w.expires)).toHaveCount(0);
    });
  });
}
