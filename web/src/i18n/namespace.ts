import type { i18n as I18n } from 'i18next';

/**
 * A module's own strings, added to an i18next instance as one namespace: once per instance, and
 * after init when the instance has no store yet. Returns the function that registers them, so a
 * component can call it with whatever instance it renders with (tests use their own).
 */
export function namespaceRegistrar(
  namespace: string,
  bundles: Record<string, object>,
  alsoAdd?: (instance: I18n) => void,
): (instance: I18n) => void {
  const registered = new WeakSet<I18n>();
  return (instance) => {
    if (registered.has(instance)) return;
    registered.add(instance);
    const add = () => {
      for (const [lng, strings] of Object.entries(bundles)) instance.addResourceBundle(lng, namespace, strings, true, true);
      alsoAdd?.(instance);
    };
    if (instance.isInitialized) add();
    else instance.on('initialized', add);
  };
}
