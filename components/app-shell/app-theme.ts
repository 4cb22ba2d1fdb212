/** The installed app's colours: the title bar (the header's slate) and the splash screen's background. */
export const THEME_COLOR = "#0f172a";
export const BACKGROUND_COLOR = "#f8fafc";
