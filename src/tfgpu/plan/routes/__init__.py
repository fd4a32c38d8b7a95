"""Route planners behind :func:`tfgpu.plan.select.make_plan`, one module per route family.

Each class adds the routes of its module to the one before it, so a route may fall back to
an earlier one: ``_PlannerBase`` (helpers) -> ``_OtherRoutes`` (macOS, ROCm, CPU) ->
``_LinuxNvidiaRoute`` -> ``_WindowsRoutes`` -> ``_Planner`` (the NVIDIA dispatcher).
"""
