import type { Product, VariantOption } from "../../commerce/contract/product";

/** The code a product page shows and adds to the cart: the product itself when it is a variant, else its default variant. */
export function shownVariantCode(product: Pick<Product, "baseProduct" | "code" | "defaultVariantCode">): string {
  return product.baseProduct ? product.code : (product.defaultVariantCode ?? product.code);
}

/** That variant's offer (price, stock, sale strategy), when the product lists it among its variants. */
export function shownVariant(product: Pick<Product, "baseProduct" | "code" | "defaultVariantCode" | "variantOptions">): VariantOption | undefined {
  const code = shownVariantCode(product);
  return product.variantOptions.find((v) => v.code === code);
}
