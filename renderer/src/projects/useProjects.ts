import {useEffect, useState} from "react";
import type {CairnApi, Project} from "../../../shared/contract.js";

/** The projects, kept up to date as they change here, in another window or from the CLI. */
export function useProjects(api: CairnApi): Project[] {
    const [projects, setProjects] = useState<Project[]>([]);
    useEffect(() => {
        const load = () =>
            void api.invoke("projects.list", {}).then((res) => res.ok && setProjects(res.value));
        load();
        return api.onEvent((e) => {
            if (e.type === "projects.changed") load();
        });
    }, [api]);
    return projects;
}
