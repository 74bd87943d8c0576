/** How many PBXs, in the words the app and the command line show: "1 PBX", "21 PBXs", "0 PBXs". */
export const pbxCount = (count: number): string => `${count} ${count === 1 ? 'PBX' : 'PBXs'}`
