import type { SerialRefusal } from "../../commerce/contract/brewer-registration";
import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/** Brewer registration's page phrases: the form, the questionnaire, the welcome coupon and the account's list (decision 070). */
const enUS = {
  title: "Register your brewer",
  intro: "Register your brewer to keep its warranty details with your account, and get a welcome coupon for your next order.",
  model: "Brewer model",
  chooseModel: "Choose your model",
  serialNumber: "Serial number",
  serialHint: "13 letters and digits, on the label under the water reservoir (for example KB 2611 004217 3).",
  purchasedOn: "Date bought (optional)",
  registerButton: "Register my brewer",
  foundModel: "Serial {serial} is a {model}.",
  signInToFinish: "Sign in to register it to your account.",
  email: "Email",
  password: "Password",
  signInAndRegister: "Sign in and register",
  noAccount: "No account yet?",
  createAccount: "Create an account",
  createAccountThenReturn: "then come back to this page to finish.",
  badCredentials: "That email and password don't match an account.",
  questionnaireTitle: "A few questions about your {model}",
  questionnaireIntro: "Your answers help us suggest coffees you'll like. Every question is optional.",
  saveAnswers: "Save my answers",
  skip: "Skip",
  welcomeTitle: "Your brewer is registered",
  welcomeSerial: "{model}, serial {serial}",
  couponHeading: "Your welcome coupon",
  couponCode: "Code: {code}",
  couponValidUntil: "Use it by {date}. It can be used once, on this account only.",
  couponUsed: "You've used your welcome coupon.",
  applyCoupon: "Apply it to my cart",
  shopPods: "Shop pods",
  accountTab: "My brewers",
  accountHeading: "Registered brewers",
  noBrewers: "You haven't registered a brewer yet.",
  registerAnother: "Register a brewer",
  registeredOn: "Registered {date}",
  answerQuestions: "Answer the questions",
  tooMany: "Too many serial numbers that don't exist. Try again in {minutes} minutes.",
  failed: "We couldn't register your brewer just now. Please try again.",
  refusals: {
    malformed: "That isn't a serial number. Check the 13 letters and digits on the label.",
    checkDigit: "That serial number has a typo. Check each letter and digit against the label.",
    unknown: "We can't find that serial number. Check it against the label; if it's right, contact us.",
    otherModel: "That serial number belongs to another brewer model. Check the model you chose.",
    registeredToYou: "You've already registered this brewer.",
    registered: "This brewer is registered to another account. If you bought it second-hand, contact us to move the registration.",
    notSoldHere: "This brewer isn't sold on this store.",
  } satisfies Record<SerialRefusal, string>,
};

export type RegistrationMessages = typeof enUS;

const enCA: RegistrationMessages = { ...enUS };

const fr: RegistrationMessages = {
  title: "Enregistrez votre cafetière",
  intro:
    "Enregistrez votre cafetière pour garder les détails de sa garantie dans votre compte, et recevez un coupon de bienvenue pour votre prochaine commande.",
  model: "Modèle de cafetière",
  chooseModel: "Choisissez votre modèle",
  serialNumber: "Numéro de série",
  serialHint: "13 lettres et chiffres, sur l’étiquette sous le réservoir d’eau (par exemple KB 2611 004217 3).",
  purchasedOn: "Date d’achat (facultatif)",
  registerButton: "Enregistrer ma cafetière",
  foundModel: "Le numéro {serial} est une {model}.",
  signInToFinish: "Connectez-vous pour l’enregistrer à votre compte.",
  email: "Courriel",
  password: "Mot de passe",
  signInAndRegister: "Me connecter et enregistrer",
  noAccount: "Pas encore de compte?",
  createAccount: "Créer un compte",
  createAccountThenReturn: "puis revenez à cette page pour terminer.",
  badCredentials: "Ce courriel et ce mot de passe ne correspondent à aucun compte.",
  questionnaireTitle: "Quelques questions sur votre {model}",
  questionnaireIntro: "Vos réponses nous aident à vous suggérer des cafés à votre goût. Toutes les questions sont facultatives.",
  saveAnswers: "Enregistrer mes réponses",
  skip: "Passer",
  welcomeTitle: "Votre cafetière est enregistrée",
  welcomeSerial: "{model}, numéro {serial}",
  couponHeading: "Votre coupon de bienvenue",
  couponCode: "Code : {code}",
  couponValidUntil: "Utilisez-le d’ici le {date}. Il ne peut servir qu’une fois, avec ce compte seulement.",
  couponUsed: "Vous avez utilisé votre coupon de bienvenue.",
  applyCoupon: "L’appliquer à mon panier",
  shopPods: "Magasiner les dosettes",
  accountTab: "Mes cafetières",
  accountHeading: "Cafetières enregistrées",
  noBrewers: "Vous n’avez pas encore enregistré de cafetière.",
  registerAnother: "Enregistrer une cafetière",
  registeredOn: "Enregistrée le {date}",
  answerQuestions: "Répondre aux questions",
  tooMany: "Trop de numéros de série inexistants. Réessayez dans {minutes} minutes.",
  failed: "Nous n’avons pas pu enregistrer votre cafetière pour le moment. Veuillez réessayer.",
  refusals: {
    malformed: "Ce n’est pas un numéro de série. Vérifiez les 13 lettres et chiffres de l’étiquette.",
    checkDigit: "Ce numéro de série contient une faute de frappe. Comparez chaque lettre et chaque chiffre avec l’étiquette.",
    unknown: "Nous ne trouvons pas ce numéro de série. Vérifiez-le sur l’étiquette; s’il est exact, communiquez avec nous.",
    otherModel: "Ce numéro de série appartient à un autre modèle de cafetière. Vérifiez le modèle choisi.",
    registeredToYou: "Vous avez déjà enregistré cette cafetière.",
    registered: "Cette cafetière est enregistrée à un autre compte. Si vous l’avez achetée d’occasion, communiquez avec nous pour transférer l’enregistrement.",
    notSoldHere: "Cette cafetière n’est pas vendue sur ce site.",
  },
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function registrationMessages(lang: Lang, brand?: BrandId): RegistrationMessages {
  return dictionaries[localeOf(lang, brand)];
}
