import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  qrCodeSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

const gold = {
  50: '#fbf8ef',
  100: '#f5edd3',
  200: '#ebd9a6',
  300: '#dfc073',
  400: '#d4a94c',
  500: '#c5922f',
  600: '#a97625',
  700: '#875a20',
  800: '#6f4a20',
  900: '#5e3f1f',
  950: '#36220e',
} as const;

const shade = (light: keyof typeof gold, dark: keyof typeof gold) => ({
  value: { _light: `{colors.gold.${light}}`, _dark: `{colors.gold.${dark}}` },
});

/**
 * Chakra's default theme without the recipes of components the product does not use: `defaultConfig` registers
 * all ~75 of them at start, and they were a third of the first screen's Chakra. A component whose recipe is missing
 * renders unstyled without a word, so the component tests fail on any recipe asked for and not registered here
 * (tests/support/components-setup.ts).
 */
const slimDefaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      // Checkbox.Control draws a Checkmark, RadioGroup.ItemIndicator a Radiomark.
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      // Minha conta's second factor (issue 32): the QR code of the enrolment.
      qrCode: qrCodeSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      table: tableSlotRecipe,
      // How an order ended (issue 34): src/widgets/ordens/AvisoOrdemTerminada.tsx.
      toast: toastSlotRecipe,
      tabs: tabsSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

const config = defineConfig({
  globalCss: {
    // Gold is the product's primary colour: every component without an explicit palette uses it.
    html: { colorPalette: 'gold' },
    body: { bg: 'bg.subtle' },
  },
  theme: {
    tokens: {
      colors: {
        gold: Object.fromEntries(Object.entries(gold).map(([k, v]) => [k, { value: v }])),
        // Text colours at WCAG's 4.5:1 on white and on the grids' grey rows (bg.muted, a totals row), and white on
        // them as solid badges (axe-core, issue 34): Chakra's green.600 #16a34a read 3.3:1, its red.600 #dc2626 4.4:1
        // on grey, white on its orange.600 #ea580c 3.6:1. The green of gains is a darker green (4.9:1 on grey).
        green: { 600: { value: '#157a3a' } },
        red: { 600: { value: '#c81e1e' } },
        orange: { 600: { value: '#c2410c' } },
      },
    },
    semanticTokens: {
      colors: {
        gold: {
          // Dark text on gold: white on a mid gold fails WCAG contrast.
          contrast: shade(950, 950),
          fg: shade(700, 300),
          subtle: shade(100, 900),
          muted: shade(200, 800),
          emphasized: shade(300, 700),
          solid: shade(500, 500),
          focusRing: shade(500, 500),
          border: shade(500, 400),
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, slimDefaultTheme, config);
