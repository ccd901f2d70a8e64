// Lets cucumber-js import the TypeScript step definitions: tsx's hooks, registered before they load (tsx refuses
// cucumber's `loader` option, which uses the deprecated --loader path).
import { register } from 'tsx/esm/api';

register();
