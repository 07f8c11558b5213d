import type {CairnApi, Project} from "../../../shared/contract.js";
import {useLive} from "../ui/useLive.js";

/** The projects, kept up to date as they change here, in another window or from the CLI. */
export function useProjects(api: CairnApi): Project[] {
    return useLive<Project>(api, "projects.list", "projects.changed");
}
