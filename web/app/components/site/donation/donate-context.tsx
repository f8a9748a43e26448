import { createContext, useContext } from "react";

/**
 * Opens the donation dialog from anywhere in the public layout. Donate buttons are links
 * to /donate, so without JavaScript they still lead to the same information.
 */
export type OpenDonate = (event?: React.MouseEvent<HTMLElement>) => void;

const DonateContext = createContext<OpenDonate>(() => {});
export const DonateProvider = DonateContext.Provider;

export function useOpenDonate(): OpenDonate {
  return useContext(DonateContext);
}
