import {useEffect, useState} from "react";
import type {CairnApi, ProviderInfo} from "../../../shared/contract.js";

/** The models served elsewhere (providers.json), read once. */
export function useProviders(api: CairnApi): ProviderInfo[] {
    const [providers, setProviders] = useState<ProviderInfo[]>([]);
    useEffect(() => {
        void api.invoke("providers.list", {}).then((res) => res.ok && setProviders(res.value));
    }, [api]);
    return providers;
}
