// The group's pages (the group page, the page that shows a new group's key): keep what this phone needs to
// start the group's games offline (groupkeys.js).

import { keepFromPage } from "../ui/groupkeys.js";

keepFromPage();
