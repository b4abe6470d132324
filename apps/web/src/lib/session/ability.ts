import { createAppAbility, rulesFromAbilities } from '../abilities';
import { sessionStore } from './session-store';

// One ability instance for the whole app, kept in step with the session's abilities, so that
// sign-in, refresh and unlock (which all rewrite the session) refresh it automatically.
export const appAbility = createAppAbility(rulesFromAbilities(sessionStore.getState().abilities));

let lastAbilities = sessionStore.getState().abilities;
sessionStore.subscribe(() => {
  const { abilities } = sessionStore.getState();
  if (abilities === lastAbilities) return;
  lastAbilities = abilities;
  appAbility.update(rulesFromAbilities(abilities));
});
