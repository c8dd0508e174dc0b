import { type CmsComponent, CmsComponentSchema, type CmsPage, type SiteConfig } from "../contract/cms";

export interface ComponentRow {
  uid: string;
  type_code: string;
  data: string;
}

/**
 * Turns stored component rows into contract components. A row that no longer matches the contract
 * (an editor's half-finished component, say) is left out and reported, rather than breaking the page.
 */
export function toComponents(rows: ComponentRow[], onInvalid: (uid: string, reason: string) => void): Map<string, CmsComponent> {
  const out = new Map<string, CmsComponent>();
  for (const row of rows) {
    let data: unknown;
    try {
      data = JSON.parse(row.data);
    } catch {
      onInvalid(row.uid, "data is not JSON");
      continue;
    }
    const parsed = CmsComponentSchema.safeParse({ ...(data as object), uid: row.uid, typeCode: row.type_code });
    if (parsed.success) out.set(row.uid, parsed.data);
    else onInvalid(row.uid, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  return out;
}

interface StoredSlot {
  slotId: string;
  position: string;
  componentUids: string[];
}

export function slotComponentUids(slotsJson: string): string[] {
  return (JSON.parse(slotsJson) as StoredSlot[]).flatMap((s) => s.componentUids);
}

export function assemblePage(
  page: { label: string; template: string; title: string; description: string; slots: string },
  components: Map<string, CmsComponent>,
): CmsPage {
  const slots = (JSON.parse(page.slots) as StoredSlot[]).map((s) => ({
    slotId: s.slotId,
    position: s.position,
    components: s.componentUids.map((uid) => components.get(uid)).filter((c): c is CmsComponent => !!c),
  }));
  return { uid: page.label, label: page.label, template: page.template, title: page.title, description: page.description, slots };
}

/** The header's siteConfig answer: the entries, plus notification messages for the header bar. */
export function assembleSiteConfig(entries: { config_key: string; value: string }[], notifications: CmsComponent | undefined): SiteConfig {
  return {
    siteConfigurations: entries.map((e) => ({ key: e.config_key, value: e.value })),
    messageItems: notifications?.typeCode === "GlobalNotificationSection" ? notifications.messageItems : [],
  };
}
