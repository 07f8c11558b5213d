declare const __CAIRN_VERSION__: string | undefined;

/** Set by the build; "dev" when running from source. */
export const APP_VERSION: string = typeof __CAIRN_VERSION__ === "string" ? __CAIRN_VERSION__ : "dev";
