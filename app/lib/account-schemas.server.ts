import { z } from "zod";
import { AddressInputSchema } from "../../commerce/contract/address";
import { EmailSchema, PasswordSchema, SignUpRequestSchema } from "../../commerce/contract/auth";

/**
 * The account pages' forms, checked before the API is called. Built from the contract's schemas so
 * the storefront refuses exactly what the commerce service would. A .server module: zod stays out
 * of the browser.
 */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");
const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const SignInFormSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(1024),
  rememberMe: checkbox,
});

export const SignUpFormSchema = SignUpRequestSchema.extend({ phone: z.preprocess(blankAsUndefined, SignUpRequestSchema.shape.phone) });

export const ForgotFormSchema = z.object({ email: EmailSchema });

export const ResetFormSchema = z.object({ token: z.string().min(20).max(200), newPassword: PasswordSchema });

export const TokenFormSchema = z.object({ token: z.string().min(20).max(200) });

export const ProfileFormSchema = z.object({
  firstName: SignUpRequestSchema.shape.firstName,
  lastName: SignUpRequestSchema.shape.lastName,
  phone: z.preprocess(blankAsUndefined, SignUpRequestSchema.shape.phone),
  email: EmailSchema,
  currentPassword: z.preprocess(blankAsUndefined, z.string().max(1024).optional()),
});

export const PasswordFormSchema = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: PasswordSchema });

/**
 * An address form as the contract's address: blanks left out, the checkbox as a flag. The issues
 * keep the form's field names, so each shows beside its field.
 */
export const AddressFormSchema = z.preprocess((input) => {
  const form = input as Record<string, string | undefined>;
  const blank = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v);
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    line1: form.line1,
    line2: blank(form.line2),
    town: form.town,
    region: form.region,
    postalCode: form.postalCode,
    country: form.country,
    phone: blank(form.phone),
    isDefault: form.isDefault === "on",
  };
}, AddressInputSchema);

/** The id of an address or a customer, as the API hands them out. */
export const RecordIdSchema = z.string().min(1).max(64);

/** The address a button of the address book is about. */
export const AddressIdFormSchema = z.object({ id: RecordIdSchema });

/** The customer an agent starts acting for. */
export const CustomerIdFormSchema = z.object({ customerId: RecordIdSchema });

export const CustomerQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });
