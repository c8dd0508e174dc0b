/**
 * The raw facts of the demo catalog. seed/catalog.ts turns them into rows, deterministically:
 * the same input always gives the same codes, prices and stock.
 */
import type { BrandId } from "../contract/common";

export type Roast = "light" | "medium" | "dark";
export type Caffeine = "caffeinated" | "decaf" | "half-caff" | "caffeine-free";

export const ROASTERS: Record<string, string> = {
  SMRG: "Summit Ridge",
  HRBR: "Harbor Roast",
  NMPL: "Northern Maple",
  CLUM: "Café Lumière",
  BFOR: "Brewfront Originals",
  GDHR: "Golden Hour",
  DKSE: "Dockside",
  PRTE: "Prairie Tea Co.",
  VLCC: "Velvet Cocoa",
  BFBR: "Brewfront",
  BFAC: "Brewfront Essentials",
};

/** [English name, French name, roast, flavour, caffeine, roaster] */
export type CoffeeRow = [string, string, Roast, string, Caffeine, string];
export const COFFEES: CoffeeRow[] = [
  ["Breakfast Blend", "Mélange déjeuner", "light", "Smooth", "caffeinated", "SMRG"],
  ["Colombian", "Colombien", "medium", "Smooth", "caffeinated", "SMRG"],
  ["French Roast", "Torréfaction française", "dark", "Smoky", "caffeinated", "SMRG"],
  ["Sumatra Reserve", "Réserve Sumatra", "dark", "Earthy", "caffeinated", "HRBR"],
  ["Hazelnut", "Noisette", "medium", "Nutty", "caffeinated", "HRBR"],
  ["Vanilla Cream", "Crème vanille", "light", "Sweet", "caffeinated", "HRBR"],
  ["Caramel Drizzle", "Filet de caramel", "medium", "Sweet", "caffeinated", "GDHR"],
  ["Decaf Colombian", "Colombien décaféiné", "medium", "Smooth", "decaf", "SMRG"],
  ["Italian Roast", "Torréfaction italienne", "dark", "Smoky", "caffeinated", "CLUM"],
  ["House Blend", "Mélange maison", "medium", "Balanced", "caffeinated", "BFOR"],
  ["Espresso Roast", "Torréfaction espresso", "dark", "Chocolate", "caffeinated", "CLUM"],
  ["Donut Shop Classic", "Classique du café-beigne", "medium", "Balanced", "caffeinated", "DKSE"],
  ["Kenya AA", "Kenya AA", "medium", "Fruity", "caffeinated", "HRBR"],
  ["Guatemala Antigua", "Guatemala Antigua", "medium", "Chocolate", "caffeinated", "CLUM"],
  ["Costa Rica Tarrazú", "Costa Rica Tarrazú", "light", "Bright", "caffeinated", "GDHR"],
  ["Ethiopia Yirgacheffe", "Éthiopie Yirgacheffe", "light", "Floral", "caffeinated", "CLUM"],
  ["Mocha Java", "Moka Java", "medium", "Chocolate", "caffeinated", "HRBR"],
  ["Pumpkin Spice", "Épices à la citrouille", "medium", "Spicy", "caffeinated", "GDHR"],
  ["Cinnamon Roll", "Brioche à la cannelle", "light", "Spicy", "caffeinated", "DKSE"],
  ["Coconut Mocha", "Moka noix de coco", "medium", "Sweet", "caffeinated", "GDHR"],
  ["Dark Chocolate Truffle", "Truffe au chocolat noir", "dark", "Chocolate", "caffeinated", "GDHR"],
  ["Toffee Crunch", "Caramel anglais croquant", "medium", "Sweet", "caffeinated", "DKSE"],
  ["Irish Cream", "Crème irlandaise", "medium", "Creamy", "caffeinated", "DKSE"],
  ["Half-Caff Morning", "Matin mi-caféiné", "medium", "Balanced", "half-caff", "BFOR"],
  ["Bold Awakening", "Réveil audacieux", "dark", "Smoky", "caffeinated", "BFOR"],
  ["Midnight Dark", "Sombre minuit", "dark", "Earthy", "caffeinated", "HRBR"],
  ["Maple Pecan", "Pacane et érable", "medium", "Nutty", "caffeinated", "NMPL"],
  ["Great Lakes Blend", "Mélange des Grands Lacs", "medium", "Balanced", "caffeinated", "NMPL"],
  ["Rocky Mountain Dark", "Sombre des Rocheuses", "dark", "Earthy", "caffeinated", "NMPL"],
  ["Maritime Morning", "Matin maritime", "light", "Bright", "caffeinated", "NMPL"],
  ["Decaf French Roast", "Torréfaction française décaféinée", "dark", "Smoky", "decaf", "SMRG"],
  ["Decaf House Blend", "Mélange maison décaféiné", "medium", "Balanced", "decaf", "BFOR"],
  ["Brazil Santos", "Brésil Santos", "medium", "Nutty", "caffeinated", "CLUM"],
  ["Peru Organic", "Pérou biologique", "medium", "Smooth", "caffeinated", "SMRG"],
  ["Blueberry Muffin", "Muffin aux bleuets", "light", "Fruity", "caffeinated", "DKSE"],
  ["Holiday Blend", "Mélange des fêtes", "medium", "Spicy", "caffeinated", "BFOR"],
];

/** [English name, French name, flavour, caffeine] */
export const TEAS: [string, string, string, Caffeine][] = [
  ["Green Tea", "Thé vert", "Herbal", "caffeinated"],
  ["Chai Latte", "Chai latte", "Spicy", "caffeinated"],
  ["Earl Grey", "Earl Grey", "Floral", "caffeinated"],
  ["Peppermint", "Menthe poivrée", "Herbal", "caffeine-free"],
  ["English Breakfast", "Petit-déjeuner anglais", "Balanced", "caffeinated"],
  ["Chamomile", "Camomille", "Floral", "caffeine-free"],
  ["Lemon Ginger", "Citron et gingembre", "Bright", "caffeine-free"],
  ["Jasmine Green", "Thé vert au jasmin", "Floral", "caffeinated"],
];

export const COCOAS: [string, string, string][] = [
  ["Classic Hot Cocoa", "Chocolat chaud classique", "Chocolate"],
  ["Salted Caramel Cocoa", "Chocolat chaud au caramel salé", "Sweet"],
  ["Mint Cocoa", "Chocolat chaud à la menthe", "Herbal"],
  ["Dark Hot Cocoa", "Chocolat chaud noir", "Chocolate"],
  ["White Hot Chocolate", "Chocolat blanc chaud", "Creamy"],
];

export const COLOURS: Record<string, { en: string; fr: string; hex: string }> = {
  BLK: { en: "Black", fr: "Noir", hex: "#1f1f1f" },
  WHT: { en: "White", fr: "Blanc", hex: "#f4f1ec" },
  RED: { en: "Red", fr: "Rouge", hex: "#b3261e" },
  NVY: { en: "Navy", fr: "Marine", hex: "#1f3a5f" },
  SGE: { en: "Sage", fr: "Sauge", hex: "#8a9a5b" },
  SLV: { en: "Silver", fr: "Argent", hex: "#a8a9ad" },
};

export interface BrewerRow {
  series: string;
  en: string;
  fr: string;
  priceUsd: number;
  colours: string[];
  sites: BrandId[];
  reservoirOz: number;
  cupSizes: string;
  iced: boolean;
  flags: string[];
}
export const BREWERS: BrewerRow[] = [
  {
    series: "Mini",
    en: "Mini Single-Serve Brewer",
    fr: "Mini cafetière à portion individuelle",
    priceUsd: 6999,
    colours: ["BLK", "RED", "SGE"],
    sites: ["usb2c", "cab2c"],
    reservoirOz: 12,
    cupSizes: "6–12 oz",
    iced: false,
    flags: ["isFiftyPercentCampaignEligible"],
  },
  {
    series: "Compact",
    en: "Compact Brewer",
    fr: "Cafetière compacte",
    priceUsd: 8999,
    colours: ["BLK", "WHT", "NVY"],
    sites: ["usb2c", "cab2c"],
    reservoirOz: 42,
    cupSizes: "6, 8, 10 oz",
    iced: false,
    flags: ["isFiftyPercentCampaignEligible", "isKskLiteCampaignEligible"],
  },
  {
    series: "Classic",
    en: "Classic Brewer",
    fr: "Cafetière classique",
    priceUsd: 11999,
    colours: ["BLK", "RED", "WHT", "SLV"],
    sites: ["usb2c", "cab2c"],
    reservoirOz: 48,
    cupSizes: "6, 8, 10 oz",
    iced: false,
    flags: ["isFreeCampaignEligible", "isBBADCampaignEligible"],
  },
  {
    series: "Select",
    en: "Select Brewer",
    fr: "Cafetière Select",
    priceUsd: 14999,
    colours: ["BLK", "SGE", "SLV"],
    sites: ["usb2c", "cab2c"],
    reservoirOz: 52,
    cupSizes: "6, 8, 10, 12 oz",
    iced: true,
    flags: ["isFreeCampaignEligible"],
  },
  {
    series: "Duo",
    en: "Duo Single-Serve & Carafe Brewer",
    fr: "Cafetière Duo portion et carafe",
    priceUsd: 17999,
    colours: ["BLK", "SLV"],
    sites: ["usb2c", "cab2c"],
    reservoirOz: 60,
    cupSizes: "6–12 oz, 12-cup carafe",
    iced: false,
    flags: [],
  },
  {
    series: "Iced",
    en: "Iced & Hot Brewer",
    fr: "Cafetière chaud et glacé",
    priceUsd: 12999,
    colours: ["WHT", "NVY", "SGE"],
    sites: ["usb2c"],
    reservoirOz: 60,
    cupSizes: "6, 8, 10, 12 oz",
    iced: true,
    flags: [],
  },
  {
    series: "Elite",
    en: "Elite Brewer",
    fr: "Cafetière Élite",
    priceUsd: 18999,
    colours: ["BLK", "SLV", "NVY"],
    sites: ["usb2c", "cab2c"],
    reservoirOz: 75,
    cupSizes: "4, 6, 8, 10, 12 oz",
    iced: true,
    flags: ["isPremiumBrewerCampaignEligible"],
  },
  {
    series: "Latte",
    en: "Latte & Cappuccino Brewer",
    fr: "Cafetière latte et cappuccino",
    priceUsd: 24999,
    colours: ["BLK", "RED"],
    sites: ["usb2c", "cab2c"],
    reservoirOz: 60,
    cupSizes: "6, 8, 10, 12 oz + milk frother",
    iced: false,
    flags: ["isPremiumBrewerCampaignEligible"],
  },
  {
    series: "Pro",
    en: "Pro Commercial Brewer",
    fr: "Cafetière commerciale Pro",
    priceUsd: 39999,
    colours: ["BLK", "SLV"],
    sites: ["usafh"],
    reservoirOz: 90,
    cupSizes: "4–12 oz",
    iced: false,
    flags: ["isAFHKbbFreeEligible", "isAFHSubscriptionEligible"],
  },
  {
    series: "Pro Max",
    en: "Pro Max Plumbed Commercial Brewer",
    fr: "Cafetière commerciale Pro Max raccordée",
    priceUsd: 64999,
    colours: ["BLK"],
    sites: ["usafh"],
    reservoirOz: 0,
    cupSizes: "4–16 oz",
    iced: true,
    flags: ["isAFHKbbPlatinumEligible", "isAFHSubscriptionEligible"],
  },
];

/** [English name, French name, USD price minor, sites] */
export const ACCESSORIES: [string, string, number, BrandId[]][] = [
  ["Reusable Coffee Filter", "Filtre à café réutilisable", 1499, ["usb2c", "cab2c", "usafh"]],
  ["Descaling Solution", "Solution détartrante", 1299, ["usb2c", "cab2c", "usafh"]],
  ["Water Filter Cartridges (6)", "Cartouches filtrantes (6)", 1999, ["usb2c", "cab2c", "usafh"]],
  ["Pod Carousel", "Carrousel à dosettes", 2999, ["usb2c", "cab2c"]],
  ["Pod Storage Drawer", "Tiroir de rangement à dosettes", 3499, ["usb2c", "cab2c"]],
  ["Insulated Travel Mug", "Tasse de voyage isotherme", 2499, ["usb2c", "cab2c"]],
  ["Milk Frother", "Mousseur à lait", 4999, ["usb2c", "cab2c"]],
  ["Ceramic Mug Set (4)", "Ensemble de tasses en céramique (4)", 3999, ["usb2c", "cab2c"]],
  ["Brewer Cleaning Kit", "Trousse de nettoyage de cafetière", 1799, ["usb2c", "cab2c", "usafh"]],
  ["Brewer Travel Case", "Étui de transport pour cafetière", 3999, ["usb2c"]],
  ["Breakroom Pod Rack (96)", "Présentoir à dosettes pour salle de pause (96)", 5999, ["usafh"]],
  ["Breakroom Cup Dispenser", "Distributeur de gobelets", 4499, ["usafh"]],
  ["Paper Cups & Lids (200)", "Gobelets et couvercles en papier (200)", 3299, ["usafh"]],
  ["Stir Sticks (1000)", "Bâtonnets à café (1000)", 899, ["usafh"]],
  ["Sugar Packets (500)", "Sachets de sucre (500)", 1499, ["usafh"]],
];
