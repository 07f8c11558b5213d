import {useEffect, useSyncExternalStore} from "react";

export type LazyModule<T> = {
    /** The module once loaded, else null. */
    current: () => T | null;
    /** Starts the load (once; a failed load may be started again). */
    load: () => Promise<T>;
    /** Calls `listener` when the module has loaded; returns the unsubscribe. */
    subscribe: (listener: () => void) => () => void;
};

/** A module loaded on first need and shared by every component that needs it. */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
    let value: T | null = null;
    let loading: Promise<T> | null = null;
    const listeners = new Set<() => void>();
    return {
        current: () => value,
        load() {
            loading ??= importer().then(
                (module) => {
                    value = module;
                    for (const listener of [...listeners]) listener();
                    return module;
                },
                (error: unknown) => {
                    loading = null;
                    throw error;
                },
            );
            return loading;
        },
        subscribe(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
    };
}

/**
 * The module when `needed` and loaded, loading it (with a few tries) on first need. Read through
 * useSyncExternalStore, so a load that ends between a render and its effect still re-renders.
 */
export function useLazyModule<T>(module: LazyModule<T>, needed: boolean, tries = 4): T | null {
    const value = useSyncExternalStore(module.subscribe, module.current, module.current);
    useEffect(() => {
        if (!needed || module.current()) return;
        let current = true;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const attempt = (left: number) =>
            module.load().catch(() => {
                if (left > 1 && current) timer = setTimeout(() => void attempt(left - 1), 500);
            });
        void attempt(tries);
        return () => {
            current = false;
            clearTimeout(timer);
        };
    }, [module, needed, tries]);
    return value;
}
