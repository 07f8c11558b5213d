import type {Migration} from "./migrations/migration.js";
import {UP_TO_15} from "./migrations/upTo15.js";
import {FROM_16} from "./migrations/from16.js";

export type {Migration} from "./migrations/migration.js";

/** Append only (to migrations/from16.ts): each runs once, in its own transaction, and bumps PRAGMA user_version. */
export const MIGRATIONS: readonly Migration[] = [...UP_TO_15, ...FROM_16];
