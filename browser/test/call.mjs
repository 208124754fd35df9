// Call a pure function from a widget math module with JSON arguments and print
// its JSON result. Lets pytest compare the widgets' numbers with torch's.
//   node browser/test/call.mjs <module path> <export name> '<JSON array of args>'

import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [modulePath, name, args] = process.argv.slice(2);
const module = await import(pathToFileURL(resolve(modulePath)).href);
const result = await module[name](...JSON.parse(args));
process.stdout.write(JSON.stringify(result));
