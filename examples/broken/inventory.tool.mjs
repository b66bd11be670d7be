// A module whose tool name is already taken by shop.actions.json in this folder, and
// whose actions() returns a Promise: it must return the map itself.
export default {
  name: "shop",
  description: "Stock levels",
  async actions() {
    return { levels: { description: "Stock levels", properties: {} } };
  },
};
