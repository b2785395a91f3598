from games import registry

registry.register("toy", "tests.toygame:RULES")
