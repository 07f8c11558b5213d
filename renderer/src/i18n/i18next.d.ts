import "i18next";
import type {Words} from "./locales/en.js";

// t() knows every key English has: a key that does not exist is a type error.
declare module "i18next" {
    interface CustomTypeOptions {
        resources: {translation: Words};
    }
}
