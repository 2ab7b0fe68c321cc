import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApi, OPENAPI_FILE } from './openapi';

fs.writeFileSync(OPENAPI_FILE, await generateOpenApi());
console.log(`wrote ${fileURLToPath(OPENAPI_FILE)}`);
