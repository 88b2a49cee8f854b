/** True when `version` is in `range`, written as package.json's engines writes it: `^x.y.z` and `>=x.y.z` joined by `||`. */
export function satisfiesRange(version: string, range: string): boolean;

/** The range package.json asks for. */
export function requiredRange(): string;
