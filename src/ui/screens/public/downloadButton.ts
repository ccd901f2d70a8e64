/**
 * The Download Files button's look, the same before its menu loads (ProposalDownloads.tsx) and as the menu's target
 * (ProposalDownloadsMenu.tsx), so nothing moves when one replaces the other. Narrower on a phone than Mantine's 18 px
 * from sm up: with the language picker beside it, the French label fits 390 px.
 */
export const DOWNLOAD_BUTTON_PADDING = { base: 12, sm: 18 };
