/**
 * What the shell draws with the menu's icons: the side and top navigation, and the icons themselves (home's cards
 * use them too). A chunk of its own, not the shell's (issue 30): at a phone's width neither navigation shows (the
 * bottom bar stands for them), and the hundred-odd icons with the navigation's Mantine parts were some 8 KB of
 * brotli ahead of home's first paint. Loaded by ./useNavParts.ts.
 */
export { menuIcon } from './menuIcons';
export { SideNav } from './SideNav';
export { TopNav } from './TopNav';
