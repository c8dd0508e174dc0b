import type { PostalCountry } from "../contract/postal-regions";

/**
 * Where each state, province and territory's people live, as one point (latitude, longitude in
 * degrees), for the embedded geocoder (decision 081). Approximate centres of population after the
 * US Census Bureau's 2020 centers of population by state and Statistics Canada's 2021 census,
 * rounded to a tenth of a degree; for the northern territories and the island areas, where most
 * people live (the capital or main island). They place a region for a delivery estimate, never
 * an address. Military post offices (AA, AE, AP) have no place: their mail goes by way of gateways.
 */
export const REGION_CENTRES: Readonly<Record<PostalCountry, Readonly<Record<string, readonly [latitude: number, longitude: number]>>>> = {
  US: {
    AL: [33.0, -86.8],
    AK: [61.4, -148.9],
    AZ: [33.4, -112.1],
    AR: [35.0, -92.4],
    CA: [35.5, -119.4],
    CO: [39.5, -105.0],
    CT: [41.5, -72.9],
    DE: [39.4, -75.6],
    DC: [38.9, -77.0],
    FL: [27.8, -81.6],
    GA: [33.3, -84.2],
    HI: [21.2, -157.6],
    ID: [43.9, -115.9],
    IL: [41.3, -88.4],
    IN: [40.0, -86.3],
    IA: [41.9, -93.0],
    KS: [38.5, -96.9],
    KY: [37.8, -85.3],
    LA: [30.7, -91.5],
    ME: [44.3, -69.8],
    MD: [39.1, -76.8],
    MA: [42.3, -71.4],
    MI: [42.9, -84.2],
    MN: [45.2, -93.6],
    MS: [32.5, -89.6],
    MO: [38.4, -92.2],
    MT: [46.7, -110.9],
    NE: [41.1, -97.4],
    NV: [36.7, -115.9],
    NH: [43.0, -71.4],
    NJ: [40.4, -74.4],
    NM: [34.6, -106.3],
    NY: [41.5, -74.6],
    NC: [35.5, -79.9],
    ND: [47.4, -99.3],
    OH: [40.5, -82.8],
    OK: [35.6, -96.9],
    OR: [44.8, -122.6],
    PA: [40.5, -77.1],
    RI: [41.8, -71.5],
    SC: [34.0, -81.0],
    SD: [44.0, -99.0],
    TN: [35.8, -86.4],
    TX: [30.9, -97.4],
    UT: [40.4, -111.9],
    VT: [44.2, -72.8],
    VA: [38.0, -77.8],
    WA: [47.3, -121.6],
    WV: [38.8, -80.8],
    WI: [43.7, -89.0],
    WY: [42.5, -107.1],
    PR: [18.3, -66.4],
    VI: [18.0, -64.8],
    GU: [13.4, 144.8],
    AS: [-14.3, -170.7],
    MP: [15.2, 145.7],
  },
  CA: {
    NL: [48.1, -54.6],
    NS: [44.9, -63.6],
    PE: [46.3, -63.2],
    NB: [46.2, -65.9],
    QC: [46.0, -72.8],
    ON: [43.9, -79.9],
    MB: [50.2, -97.8],
    SK: [51.4, -105.9],
    AB: [52.2, -113.9],
    BC: [49.7, -122.6],
    NT: [62.5, -114.4],
    NU: [63.7, -68.5],
    YT: [60.7, -135.1],
  },
};

export interface Point {
  latitude: number;
  longitude: number;
}

/**
 * The warehouse each country's orders leave from (decision 081): the Lehigh Valley, Pennsylvania,
 * for the US stores and Mississauga, Ontario, for the Canadian one, both on Eastern time like the
 * 2 p.m. cut-off the shipping pages promise.
 */
export const WAREHOUSES: Readonly<Record<PostalCountry, Point>> = {
  US: { latitude: 40.6, longitude: -75.5 },
  CA: { latitude: 43.6, longitude: -79.7 },
};

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
