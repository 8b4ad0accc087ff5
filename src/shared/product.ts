/** The product's own name, used where docs/product.md says "the product's name". */
export const PRODUCT_NAME = 'Cadence';
export const DEFAULT_COMPANY_NAME = 'Your Gym';
export const ENHANCEMENT_TIME_TEXT = '24-48 hours';
